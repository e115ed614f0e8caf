import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { FINISHED_UPLOAD_STATES, IngestionSubjects, type UploadView } from '@membolt/contracts';
import { type EdgeReply, openEventStream, takeOver, writeJson } from '@membolt/edge';
import { BFF_OPTIONS, type BffModuleOptions, DEFAULT_UPLOAD_EVENTS_RECHECK_SECONDS } from '../bff.options.js';
import { streamErrorOf, streamErrorStatus } from '../common/stream-error.js';
import { HttpSessions } from '../session/http-sessions.js';
import type { SessionRequest } from '../session/session.guard.js';
import { UploadFollowers } from './upload-followers.js';

/**
 * `GET /events/uploads/{id}`: the progress of one of the user's uploads pushed as server-sent events (decision
 * 070). `upload` (the GraphQL `Upload` as JSON) comes at once, then at every change of stage or percent the
 * ingestion service broadcasts; the stream ends after `done` or `failed`. Another user's upload, or an
 * unknown one, is a plain 404 before the stream opens; a failure while streaming is an `error` event
 * ({ code, message }). The session cookie authenticates it (a GET that changes nothing needs no CSRF check).
 */
@Controller('events')
export class UploadEventsController {
  private readonly logger = new Logger(UploadEventsController.name);

  constructor(
    private readonly bus: BusClient,
    private readonly sessions: HttpSessions,
    private readonly followers: UploadFollowers,
    @Inject(BFF_OPTIONS) private readonly options: BffModuleOptions,
  ) {}

  @Get('uploads/:id')
  async follow(@Req() req: SessionRequest, @Res() reply: EdgeReply, @Param('id') id: string): Promise<void> {
    const res = takeOver(reply);
    const user = await this.sessions.userOrUnauthorized(req, res);
    if (!user) return;
    const read = () => this.bus.request(IngestionSubjects.get, { uploadId: id }, { userId: user.userId });
    let current: UploadView;
    try {
      current = await read();
    } catch (error) {
      writeJson(res, streamErrorStatus(error), streamErrorOf(error, this.logger, 'Upload events'));
      return;
    }

    const send = openEventStream(res);
    send('upload', current);
    if (FINISHED_UPLOAD_STATES.includes(current.state)) {
      res.end();
      return;
    }

    let closed = false;
    let reading = false;
    let readAgain = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      stopFollowing();
      clearInterval(recheck);
      res.end();
    };
    // One read at a time, in order; notices that arrive during a read ask for one more read after it.
    const refresh = (): void => {
      if (closed) return;
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      void (async () => {
        try {
          do {
            readAgain = false;
            const next = await read();
            if (closed) return;
            if (next.state !== current.state || next.percent !== current.percent) {
              current = next;
              send('upload', next);
            }
            if (FINISHED_UPLOAD_STATES.includes(next.state)) return finish();
          } while (readAgain);
        } catch (error) {
          if (!closed) send('error', streamErrorOf(error, this.logger, 'Upload events'));
          finish();
        } finally {
          reading = false;
        }
      })();
    };

    const stopFollowing = this.followers.follow(id, (event) => {
      if (event.userId === user.userId) refresh();
    });
    // Without a notice the stored state is read again (a lost broadcast, a job that died), with a keep-alive.
    const recheck = setInterval(
      () => {
        res.write(': keep-alive\n\n');
        refresh();
      },
      this.options.uploadEventsRecheckMs ?? DEFAULT_UPLOAD_EVENTS_RECHECK_SECONDS * 1000,
    );
    recheck.unref();
    res.on('close', finish);
    // The browser may have gone while the first read was under way: its close event is already past.
    if (res.closed || req.raw.socket.destroyed) return finish();
    // A change between the first read and the subscription would otherwise wait for the recheck.
    refresh();
  }
}
