import { REVENUE_STATUS, type StatisticsResponse } from "@hospipay/contract";
import { formatNairaAmount } from "../../../lib/money";

interface Card {
  /** SPEC §2's card title. */
  title: string;
  value: string;
  /** What the figure counts, under it. */
  notes: string[];
}

/**
 * The four summary cards (SPEC §2). Each says what its figure counts: the counts take every status the
 * filter lets through, the money only completed payments (refunds are shown apart, not as revenue).
 */
function summaryCards(stats: StatisticsResponse | undefined, status: string): Card[] {
  if (!stats) {
    return ["Total Transactions", "Total Revenue", "Average Transaction", "Recent Transactions"].map((title) => ({
      title,
      value: "—",
      notes: [],
    }));
  }
  const statuses = status ? `status ${status} only` : "all statuses";
  const refunded = stats.refunded_transactions > 0 ? [`${formatNairaAmount(stats.total_refunded)} refunded, not counted`] : [];
  return [
    { title: "Total Transactions", value: String(stats.total_transactions), notes: [capitalise(statuses)] },
    {
      title: "Total Revenue",
      value: formatNairaAmount(stats.total_revenue),
      notes: [`${capitalise(REVENUE_STATUS)} payments only`, ...refunded],
    },
    {
      title: "Average Transaction",
      value: formatNairaAmount(stats.average_transaction),
      notes: [`Per ${REVENUE_STATUS} transaction (${stats.completed_transactions})`],
    },
    { title: "Recent Transactions", value: String(stats.recent_transactions), notes: [`Last 7 days, ${statuses}`] },
  ];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The summary section of the staff dashboards. */
export function SummaryCards({ stats, status }: { stats: StatisticsResponse | undefined; status: string }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Summary">
      {summaryCards(stats, status).map((card) => (
        <li key={card.title} aria-label={card.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-sm font-medium text-slate-600">{card.title}</h2>
          <p className="mt-2 text-2xl font-bold text-slate-900">{card.value}</p>
          {/* Side notes, not paragraphs: the figure stays the card's one paragraph. */}
          {card.notes.map((note) => (
            <small key={note} className="mt-1 block text-xs text-slate-600">
              {note}
            </small>
          ))}
        </li>
      ))}
    </ul>
  );
}
