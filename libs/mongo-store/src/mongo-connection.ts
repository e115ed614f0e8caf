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
  return connection;
}
