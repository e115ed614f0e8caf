import { Injectable } from '@nestjs/common';

/** What account deletion removed, counted by kind. */
export type RemovedUserData = Readonly<Record<string, number>>;

/** The rules of the memory service. Every read and write is scoped to the acting user. */
@Injectable()
export class MemoryService {
  /**
   * Account deletion. The service holds no user data yet, so there is nothing to remove; each repository
   * added to the store adds its count here.
   */
  async deleteUserData(_userId: string): Promise<RemovedUserData> {
    return {};
  }
}
