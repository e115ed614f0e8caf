import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { DataExportSubjects } from '@membolt/contracts';
import { UsageMeter } from '@membolt/edge';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import { DataExportModel, toDataExportModel } from './data-exports.models.js';

/** "Download my data" (Settings): start the export job, follow it, then download it over HTTP. */
@Resolver(() => DataExportModel)
export class DataExportsResolver {
  constructor(
    private readonly bus: BusClient,
    private readonly meter: UsageMeter,
  ) {}

  @Mutation(() => DataExportModel, {
    description: 'Starts building the zip of all your data, or answers the export already queued or running.',
  })
  async startDataExport(@CurrentUser() user: SessionUser): Promise<DataExportModel> {
    // The export's usage.json holds every call answered before this start, sent or still in the outbox.
    await this.meter.settle();
    return toDataExportModel(await this.bus.request(DataExportSubjects.start, {}, { userId: user.userId }));
  }

  @Query(() => DataExportModel, { description: 'One of your exports and how far it got.' })
  async dataExport(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DataExportModel> {
    return toDataExportModel(
      await this.bus.request(DataExportSubjects.get, { exportId: id }, { userId: user.userId }),
    );
  }

  @Query(() => DataExportModel, { nullable: true, description: 'Your newest export, if any.' })
  async latestDataExport(@CurrentUser() user: SessionUser): Promise<DataExportModel | null> {
    const { export: latest } = await this.bus.request(DataExportSubjects.latest, {}, { userId: user.userId });
    return latest ? toDataExportModel(latest) : null;
  }
}
