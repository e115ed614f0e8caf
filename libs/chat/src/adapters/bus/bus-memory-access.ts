import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  type CreateMemoryRequest,
  type MemorySearchResultView,
  MemorySubjects,
  type MemoryView,
  type SearchMemoriesRequest,
  type UpdateMemoryRequest,
} from '@membolt/contracts';
import type { MemoryAccess } from '../../ports/memory-access.js';

@Injectable()
export class BusMemoryAccess implements MemoryAccess {
  constructor(private readonly bus: BusClient) {}

  async search(userId: string, request: SearchMemoriesRequest): Promise<readonly MemorySearchResultView[]> {
    return (await this.bus.request(MemorySubjects.search, request, { userId })).results;
  }

  create(userId: string, request: CreateMemoryRequest): Promise<MemoryView> {
    return this.bus.request(MemorySubjects.create, request, { userId });
  }

  update(userId: string, request: UpdateMemoryRequest): Promise<MemoryView> {
    return this.bus.request(MemorySubjects.update, request, { userId });
  }
}
