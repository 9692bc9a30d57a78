import { buildApp } from "./app";
import { startBackgroundWork, stopBackgroundWork } from "./background";
import { claimEmbeddedDatabase, openConfiguredDatabase } from "./db/open";
import { migrate } from "./db/migrate";
import { loadEnv, publicUrl } from "./env";
import { demoBanner, seedDemo } from "./modules/demo/demo.seed";

/** Starts the whole product in one process: migrate, seed (sandbox), serve, work; stop cleanly on SIGTERM. */
async function main(): Promise<void> {
  const env = loadEnv();
  const release = await claimEmbeddedDatabase(env);
  const db = await openConfiguredDatabase(env);
  await migrate(db);
  const ctx = await buildApp(env, db);
  const { app } = ctx;

  if (env.SANDBOX && env.SEED_DEMO) {
    const created = await seedDemo(ctx);
    // Printed, not logged: the log never carries passwords, and this is shown exactly once.
    if (created.length > 0) process.stdout.write(`${demoBanner(created, publicUrl(env))}\n`);
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  // The background work runs in the worker role (WORKERS=on); API replicas (WORKERS=off) only answer requests.
  startBackgroundWork(ctx);
  ctx.services.reservedAccounts.start();
  app.log.info(
    { database: db.kind, sandbox: env.SANDBOX, mail: env.SMTP_URL ? "smtp" : "sandbox", workers: env.WORKERS },
    `Hospipay is running at ${publicUrl(env)}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await stopBackgroundWork(ctx);
      await db.close();
      await release();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
