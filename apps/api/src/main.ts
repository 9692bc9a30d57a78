import { buildApp } from "./app";
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

  // The background work runs in the worker role (WORKERS=on); API replicas (WORKERS=off) only answer requests.
  const workers = env.WORKERS === "on";
  if (workers) {
    ctx.mailWorker.start();
    ctx.paymentsWorker.start();
    ctx.staffDayTotalsWorker.start();
    ctx.rateCountersPurge.start();
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  // After listening: in sandbox mode the SMS provider is this process's own simulator.
  if (workers) {
    ctx.smsWorker.start();
    ctx.ledgerCheckJob.start();
  }
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
      await ctx.paymentsWorker.stop();
      await ctx.services.reservedAccounts.settle();
      await ctx.staffDayTotalsWorker.stop();
      await ctx.rateCountersPurge.stop();
      await ctx.ledgerCheckJob.stop();
      await ctx.mailWorker.stop();
      await ctx.smsWorker.stop();
      // Another worker process takes the housekeeping jobs at once instead of when the leases run out.
      if (workers)
        await ctx.jobLeases.releaseAll().catch((error: unknown) => app.log.error({ err: error }, "releasing job leases failed"));
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
