import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { DataExportSubjects, MemboltError, toRestError } from '@membolt/contracts';
import { type EdgeReply, takeOver, writeJson } from '@membolt/edge';
import { once } from 'node:events';
import { HttpSessions } from '../session/http-sessions.js';
import type { SessionRequest } from '../session/session.guard.js';

/**
 * `GET /downloads/data-exports/{id}`: a finished export's zip, streamed part by part from the ingestion service.
 * Only its owner's session cookie opens it (401 without a session; another user's export, an unknown or an
 * expired one: 404; one still building: 409), each answered `{error, message}` before any byte of the zip.
 */
@Controller('downloads')
export class DataExportDownloadController {
  private readonly logger = new Logger(DataExportDownloadController.name);

  constructor(
    private readonly bus: BusClient,
    private readonly sessions: HttpSessions,
  ) {}

  @Get('data-exports/:id')
  async download(
    @Req() req: SessionRequest,
    @Res() reply: EdgeReply,
    @Param('id') id: string,
  ): Promise<void> {
    const res = takeOver(reply);
    const user = await this.sessions.userOrUnauthorized(req, res);
    if (!user) return;
    const readPart = (index: number) =>
      this.bus.request(DataExportSubjects.readPart, { exportId: id, index }, { userId: user.userId });
    let first;
    try {
      first = await readPart(0);
    } catch (error) {
      if (error instanceof MemboltError) {
        const { status, body } = toRestError(error);
        writeJson(res, status, body);
      } else {
        this.logger.error(
          `Data export download failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
        writeJson(res, 500, { error: 'internal_error', message: 'The download failed; try again.' });
      }
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="membolt-data-${id.slice(0, 8)}.zip"`);
    res.setHeader('Content-Length', String(first.bytes));
    res.setHeader('Cache-Control', 'no-store');
    try {
      for (let index = 0; index < first.parts; index++) {
        const part = index === 0 ? first : await readPart(index);
        if (!res.write(Buffer.from(part.data, 'base64'))) await once(res, 'drain');
      }
      res.end();
    } catch (error) {
      // The status is sent: cutting the stream short is the only way left to say the file is incomplete.
      this.logger.error(
        `Data export download stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
      res.destroy(error instanceof Error ? error : undefined);
    }
  }
}
