import { processReadiness } from '@membolt/platform';
import mongoose, { type Connection } from 'mongoose';

/**
 * Opens a dedicated mongoose connection for one service (each service owns its own database, named after
 * it, so no collection is shared). `autoIndex` stays on: indexes are declared next to the schemas.
 */
export async function openMongoConnection(
  url: string,
  service: string,
  dbName = `membolt_${service}`,
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
  });
  await connection.asPromise();
  // Readiness pings the server on every probe, so a lost MongoDB takes the replica out of rotation.
  const removeCheck = processReadiness.add(`mongo:${dbName}`, async () => {
    if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db)
      throw new Error('MongoDB is not connected');
    await connection.db.admin().ping();
  });
  connection.once('close', removeCheck);
  return connection;
}
