import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type ImportJobView,
  type ImportMemoriesRequest,
  type ImportPartRequest,
  type PrivacyPolicy,
  type SensitiveKind,
} from '@membolt/contracts';
import { correlationIdFrom, requestContext } from '@membolt/platform';
import { type Job, JOB_QUEUE, type JobQueue, type JobState } from '@membolt/jobs';
import { MemoryService } from '../memory.service.js';
import { importNotFound, importPartOutOfRange } from '../memory.errors.js';
import { PrivacyPolicyService } from '../privacy/privacy-policy.service.js';

const IMPORT_PART_JOB = 'memory.import-part';

interface ImportPartData {
  readonly userId: string;
  /** The key the import came with: its privacy policy applies when the part is stored. */
  readonly apiKeyId?: string;
  /** Already screened by the privacy policy (the payload is a store); the kinds each line had redacted. */
  readonly request: ImportMemoriesRequest;
  readonly redactions?: ReadonlyArray<readonly SensitiveKind[]>;
  /** The policy the lines were screened under: while it still applies, the run does not scan them again. */
  readonly screenedUnder?: PrivacyPolicy;
}

interface ImportPartResult {
  readonly imported: number;
  readonly skipped: number;
}

/** The parts count the gateway wrote at the end of the import id (`imp_<hex>_<parts>`). */
const partsOf = (importId: string): number => Number(importId.slice(importId.lastIndexOf('_') + 1));

/** Jobs are named by their owner: another account asking for the same import id finds nothing. */
const partJobId = (userId: string, importId: string, index: number) =>
  `import-${userId}-${importId}-${index}`;

/**
 * Large imports (decision 081): the gateway checks every line, then sends the memories in parts; each part
 * is stored by a durable job that calls the same import the synchronous route uses. A part run twice (a
 * crash mid-run) stores nothing twice: every line carries an id, and a repeated id is skipped. Parts run one
 * at a time, each a short stretch of the event loop.
 */
@Injectable()
export class MemoryImportJob implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly memory: MemoryService,
    private readonly privacy: PrivacyPolicyService,
  ) {}

  onModuleInit(): void {
    this.queue.process<ImportPartData>(IMPORT_PART_JOB, (job) => this.run(job));
  }

  async queuePart(userId: string, request: ImportPartRequest): Promise<{ queued: true }> {
    const { importId, index, ...part } = request;
    if (index >= partsOf(importId)) throw importPartOutOfRange();
    // The payload holds the lines as the policy lets them be kept: redacted (or refused) before it is written.
    const policy = await this.privacy.actingPolicy(userId);
    const screened = await this.privacy.screenUnder(userId, policy, part.memories);
    const data: ImportPartData = {
      userId,
      ...(requestContext.current()?.apiKeyId ? { apiKeyId: requestContext.current()?.apiKeyId } : {}),
      request: {
        ...part,
        memories: part.memories.map((line, index) => ({
          ...line,
          text: screened[index]?.text ?? line.text,
          ...(line.metadata !== undefined ? { metadata: screened[index]?.metadata } : {}),
          ...(line.conversationTitle !== undefined
            ? { conversationTitle: screened[index]?.conversationTitle }
            : {}),
        })),
      },
      redactions: screened.map((item) => item.redactions),
      screenedUnder: policy,
    };
    await this.queue.enqueue(IMPORT_PART_JOB, data, {
      jobId: partJobId(userId, importId, index),
      attempts: 3,
      backoffMs: 2000,
    });
    return { queued: true };
  }

  async status(userId: string, importId: string): Promise<ImportJobView> {
    const parts = partsOf(importId);
    const states: Array<JobState | null> = [];
    for (let index = 0; index < parts; index++)
      states.push(await this.queue.get(partJobId(userId, importId, index)));
    const known = states.filter((state): state is JobState => state !== null);
    if (known.length === 0) throw importNotFound();
    let imported = 0;
    let skipped = 0;
    let partsDone = 0;
    let error: string | null = null;
    for (const state of known) {
      if (state.state === 'done') {
        partsDone++;
        const result = state.result as ImportPartResult | undefined;
        imported += result?.imported ?? 0;
        skipped += result?.skipped ?? 0;
      } else if (state.state === 'failed' || state.state === 'dead') {
        error ??= state.error ?? 'A part of the import failed.';
      }
    }
    const started = known.some((state) => state.state !== 'queued');
    return {
      importId,
      state: error ? 'failed' : partsDone === parts ? 'done' : started ? 'running' : 'queued',
      percent: Math.floor((100 * partsDone) / parts),
      parts,
      partsDone,
      imported,
      skipped,
      error,
    };
  }

  private async run(job: Job<ImportPartData>): Promise<ImportPartResult> {
    const { userId, apiKeyId, request, redactions, screenedUnder } = job.data;
    const context = {
      correlationId: correlationIdFrom(undefined),
      userId,
      ...(apiKeyId ? { apiKeyId } : {}),
    };
    const { imported, skipped } = await requestContext.run(context, () =>
      this.memory.import(userId, request, redactions ?? [], screenedUnder),
    );
    return { imported, skipped };
  }
}
