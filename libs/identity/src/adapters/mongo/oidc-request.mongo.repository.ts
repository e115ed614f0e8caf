import type { Model } from 'mongoose';
import type { OidcRequest } from '../../domain/oidc-request.js';
import type { OidcRequestRepository } from '../../ports/oidc-request.repository.js';
import type { OidcRequestDocument } from './identity.schemas.js';

export class OidcRequestMongoRepository implements OidcRequestRepository {
  constructor(private readonly requests: Model<OidcRequestDocument>) {}

  async save(request: OidcRequest): Promise<void> {
    await this.requests.create({
      _id: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      redirectUri: request.redirectUri,
      remember: request.remember,
      createdAt: request.createdAt,
      expiresAt: request.expiresAt,
    });
  }

  async consume(state: string, now: Date): Promise<OidcRequest | null> {
    // Deleted whether or not it expired: a state is never accepted twice.
    const doc = await this.requests.findOneAndDelete({ _id: state }).lean<OidcRequestDocument>().exec();
    if (!doc || doc.expiresAt.getTime() <= now.getTime()) return null;
    return {
      state: doc._id,
      nonce: doc.nonce,
      codeVerifier: doc.codeVerifier,
      redirectUri: doc.redirectUri,
      remember: doc.remember,
      createdAt: doc.createdAt,
      expiresAt: doc.expiresAt,
    };
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await this.requests.deleteMany({ expiresAt: { $lte: now } }).exec()).deletedCount;
  }
}
