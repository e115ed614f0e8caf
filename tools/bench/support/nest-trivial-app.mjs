// A Nest app with one trivial route (GET /ping answers {"status":"ok"}), on the platform named by argv[2]
// ('express' or 'fastify'), listening on argv[3]. Nest and the platform adapter are loaded from argv[4] (a
// directory holding node_modules; default: this repository), so a platform the product does not depend on
// can be measured from a separate install. Started by tools/bench/edge-platforms.bench.mjs.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [platform, port, modulesDir = fileURLToPath(new URL('../../../', import.meta.url))] =
  process.argv.slice(2);
const load = createRequire(join(modulesDir, 'package.json'));
createRequire(import.meta.url)('reflect-metadata');
const { Controller, Get, Module } = load('@nestjs/common');
const { NestFactory } = load('@nestjs/core');

class PingController {
  ping() {
    return { status: 'ok' };
  }
}
Controller()(PingController);
Get('ping')(
  PingController.prototype,
  'ping',
  Object.getOwnPropertyDescriptor(PingController.prototype, 'ping'),
);
class AppModule {}
Module({ controllers: [PingController] })(AppModule);

let app;
if (platform === 'fastify') {
  const { FastifyAdapter } = load('@nestjs/platform-fastify');
  app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false });
} else if (platform === 'express') {
  app = await NestFactory.create(AppModule, { logger: false });
} else {
  console.error(`unknown platform ${platform}`);
  process.exit(64);
}
await app.listen(Number(port), '127.0.0.1');
