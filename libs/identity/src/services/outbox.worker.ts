import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { AccountSetupService } from './account-setup.service.js';
import { HousekeepingService } from './housekeeping.service.js';

/** Polls the outbox in the background: each pass is one call of AccountSetupService.runDue. */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('IdentityOutbox');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly setup: AccountSetupService,
    private readonly housekeeping: HousekeepingService,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        this.running = null;
        this.schedule(this.settings.outboxWorker.pollIntervalMs);
      });
    }, delayMs);
    // The worker alone never keeps a process alive.
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    try {
      await this.setup.runDue();
      await this.housekeeping.purgeIfDue();
    } catch (error) {
      this.logger.error(`Outbox pass failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
}
