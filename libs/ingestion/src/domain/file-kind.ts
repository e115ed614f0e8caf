import { type UploadFileKind } from '@membolt/contracts';

export type KindVerdict =
  | { readonly ok: true; readonly kind: UploadFileKind }
  | { readonly ok: false; readonly detected: string; readonly declared?: string };

const BY_EXTENSION: Readonly<Record<string, UploadFileKind>> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
};

const BY_MIME: Readonly<Record<string, UploadFileKind>> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'doc',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

/** What file-type calls the content, mapped to the kinds we read (an OLE compound file is a Word 97 .doc). */
const BY_DETECTED: Readonly<Record<string, UploadFileKind>> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  cfb: 'doc',
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
};

const TEXT_KINDS = new Set<UploadFileKind>(['txt', 'md']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text is valid UTF-8 without NUL or other C0 control bytes (tab, line feed, carriage return and form feed aside). */
export function looksLikeText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function extensionOf(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

const sameKind = (a: UploadFileKind, b: UploadFileKind): boolean =>
  a === b || (TEXT_KINDS.has(a) && TEXT_KINDS.has(b));

/**
 * Decides what a file is from its bytes (magic numbers through file-type, else a UTF-8 text check), never
 * from its name; the name's extension and the declared MIME type must then agree with the content.
 */
export async function detectFileKind(
  bytes: Uint8Array,
  fileName: string,
  declaredType?: string | null,
): Promise<KindVerdict> {
  const { fileTypeFromBuffer } = await import('file-type'); // loaded with the first upload
  const detected = await fileTypeFromBuffer(bytes);
  const extension = extensionOf(fileName);
  let kind: UploadFileKind | undefined;
  if (detected) {
    kind = BY_DETECTED[detected.ext];
    // A .docx is a zip: file-type names it when the Office parts are there; any other zip is refused.
    if (!kind) return { ok: false, detected: `${detected.ext} (${detected.mime})` };
  } else if (looksLikeText(bytes)) {
    kind = extension && BY_EXTENSION[extension] === 'md' ? 'md' : 'txt';
  } else {
    return { ok: false, detected: 'binary data of an unknown type' };
  }
  const byName = extension ? BY_EXTENSION[extension] : undefined;
  if (extension && !byName) return { ok: false, detected: kind, declared: `.${extension}` };
  if (byName && !sameKind(byName, kind)) return { ok: false, detected: kind, declared: `.${extension}` };
  const mime = declaredType?.split(';')[0]?.trim().toLowerCase();
  const byMime = mime ? BY_MIME[mime] : undefined;
  if (byMime && !sameKind(byMime, kind)) return { ok: false, detected: kind, declared: mime };
  return { ok: true, kind };
}
