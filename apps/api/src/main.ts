import { buildApp } from "./app";
import { startBackgroundWork, stopBackgroundWork } from "./background";
import { claimEmbeddedDatabase, openConfiguredDatabase } from "./db/open";
import { migrate } from "./db/migrate";
import { loadEnv, publicUrl } from "./env";
import { readyBlock, seedDemo } from "./modules/demo";

/** Starts the whole product in one process: migrate, seed (sandbox), serve, work; stop cleanly on SIGTERM. */
async function main(): Promise<void> {
  const env = loadEnv();
  const release = await claimEmbeddedDatabase(env);
  const db = await openConfiguredDatabase(env);
  await migrate(db);
  // The log goes through process.stdout, as the ready block does, so the block comes after the start's lines.
  const ctx = await buildApp(env, db, { logStream: process.stdout });
  const { app } = ctx;

  const created = env.SANDBOX && env.SEED_DEMO ? await seedDemo(ctx) : [];

  await app.listen({ port: env.PORT, host: env.HOST });
  // The background work runs in the worker role (WORKERS=on); API replicas (WORKERS=off) only answer requests.
  startBackgroundWork(ctx);
  ctx.services.reservedAccounts.start();
  app.log.info(
    { database: db.kind, sandbox: env.SANDBOX, mail: env.SMTP_URL ? "smtp" : "sandbox", workers: env.WORKERS },
    `Hospipay is running at ${publicUrl(env)}`,
  );
  if (env.SANDBOX && env.SEED_DEMO) {
    // Printed, not logged, after the start's log lines: the log never carries passwords, and these are shown once.
    const block = readyBlock({
      url: publicUrl(env),
      created,
      embedded: db.kind === "pglite",
      mailbox: !env.SMTP_URL,
      phone: !env.SMS_BASE_URL,
    });
    process.stdout.write(`${block}\n`);
  }

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
