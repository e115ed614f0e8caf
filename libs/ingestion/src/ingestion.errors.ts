import {
  CommonError,
  CommonErrorCode,
  formatBytes,
  IngestionError,
  IngestionErrorCode,
  UploadMessages,
} from '@membolt/contracts';

/** Also what another user's upload looks like: its existence is not revealed. */
export const uploadNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, UploadMessages.uploadNotFound);

export const uploadTooLarge = (maxBytes: number): CommonError =>
  new CommonError(CommonErrorCode.PayloadTooLarge, UploadMessages.tooLarge(maxBytes));

export const emptyFile = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, UploadMessages.emptyFile);

export const sizeMismatch = (declared: number, actual: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, UploadMessages.fileSizeMismatch(declared, actual));

export const unsupportedFileType = (detected: string, declared?: string): IngestionError =>
  new IngestionError(
    IngestionErrorCode.UnsupportedFileType,
    declared ? UploadMessages.typeMismatch(detected, declared) : UploadMessages.unsupportedType(detected),
  );

export const uploadNotReceiving = (): CommonError =>
  new CommonError(CommonErrorCode.Conflict, 'This upload is complete: it takes no more parts.');

export const partOutOfRange = (index: number, parts: number): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `Part ${index} is out of range: the declared size makes ${parts} part(s), numbered from 0.`,
  );

export const partTooLarge = (maxBytes: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `A part holds at most ${formatBytes(maxBytes)}.`);

/** Also what another account's data export looks like: its existence is not revealed. */
export const dataExportNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Data export not found');

export const dataExportNotReady = (): CommonError =>
  new CommonError(CommonErrorCode.Conflict, 'The data export is not ready yet; wait until its state is done');

export const dataExportExpired = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'The data export has expired; start a new one');

export const dataExportPartOutOfRange = (parts: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `index must be below ${parts}, the export's part count`);
