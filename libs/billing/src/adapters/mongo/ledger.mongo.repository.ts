import type { LedgerEntryKind } from '@membolt/contracts';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { LedgerEntry, LedgerOutcome, NewLedgerEntry } from '../../domain/ledger.js';
import type { LedgerRepository } from '../../ports/ledger.repository.js';
import type { BalanceDocument, LedgerDocument } from './billing.schemas.js';

const DUPLICATE_KEY = 11000;
const isDuplicate = (error: unknown) => (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;

export class LedgerMongoRepository implements LedgerRepository {
  constructor(
    private readonly entries: Model<LedgerDocument>,
    private readonly balances: Model<BalanceDocument>,
  ) {}

  async apply(entry: NewLedgerEntry): Promise<LedgerOutcome> {
    const existing = await this.findByKey(entry.userId, entry.idempotencyKey);
    if (existing) return { status: 'duplicate', entry: existing };
    // The conditional $inc admits the entry: a debit only matches while the balance covers it.
    let balance: BalanceDocument | null;
    try {
      balance = await this.balances
        .findOneAndUpdate(
          entry.amountCents < 0
            ? { _id: entry.userId, cents: { $gte: -entry.amountCents } }
            : { _id: entry.userId },
          { $inc: { cents: entry.amountCents, seq: 1 } },
          { upsert: entry.amountCents >= 0, returnDocument: 'after' },
        )
        .lean<BalanceDocument>()
        .exec();
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      return this.apply(entry);
    }
    if (!balance) return { status: 'insufficient_balance', balanceCents: await this.balance(entry.userId) };
    const doc: LedgerDocument = {
      _id: randomUUID(),
      userId: entry.userId,
      seq: balance.seq,
      kind: entry.kind,
      amountCents: entry.amountCents,
      balanceAfterCents: balance.cents,
      description: entry.description,
      idempotencyKey: entry.idempotencyKey,
      createdAt: entry.createdAt,
    };
    try {
      await this.entries.create(doc);
      return { status: 'applied', entry: toEntry(doc) };
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      // The same key won a race in another replica: undo this replica's move of the balance.
      await this.balances.updateOne({ _id: entry.userId }, { $inc: { cents: -entry.amountCents } }).exec();
      const winner = await this.findByKey(entry.userId, entry.idempotencyKey);
      if (!winner) throw error;
      return { status: 'duplicate', entry: winner };
    }
  }

  async balance(userId: string): Promise<number> {
    return (await this.balances.findById(userId).lean<BalanceDocument>().exec())?.cents ?? 0;
  }

  async findByKey(userId: string, idempotencyKey: string): Promise<LedgerEntry | null> {
    const doc = await this.entries.findOne({ userId, idempotencyKey }).lean<LedgerDocument>().exec();
    return doc ? toEntry(doc) : null;
  }

  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.entries
        .find({ userId })
        .sort({ seq: -1 })
        .skip(offset)
        .limit(limit)
        .lean<LedgerDocument[]>()
        .exec(),
      this.entries.countDocuments({ userId }).exec(),
    ]);
    return { entries: docs.map(toEntry), total };
  }

  async deleteByUser(userId: string): Promise<number> {
    const removed = (await this.entries.deleteMany({ userId }).exec()).deletedCount;
    await this.balances.deleteOne({ _id: userId }).exec();
    return removed;
  }
}

function toEntry(doc: LedgerDocument): LedgerEntry {
  return {
    id: doc._id,
    userId: doc.userId,
    kind: doc.kind as LedgerEntryKind,
    amountCents: doc.amountCents,
    balanceAfterCents: doc.balanceAfterCents,
    description: doc.description,
    idempotencyKey: doc.idempotencyKey,
    createdAt: doc.createdAt,
  };
}
