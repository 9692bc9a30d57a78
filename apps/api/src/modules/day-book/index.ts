import type { BaseContext } from "../../lib/module-context";
import { DayBookRepository } from "./day-book.repository";
import { dayBookRoutes } from "./day-book.routes";
import { DayBookService } from "./day-book.service";

/** The day book: every naira of a day or month by channel, department and staff member, against the ledger. */
export async function register(ctx: BaseContext) {
  const dayBook = new DayBookService({ dayBook: new DayBookRepository(ctx.db) });
  await ctx.app.register(dayBookRoutes, { dayBook });
  return { dayBook };
}
