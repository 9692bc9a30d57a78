import type { StatisticsResponse } from "@hospipay/contract";
import { t, type MessageDescriptor } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { summaryMessages as m } from "../messages";
import { invoiceStatusText } from "../utils/staff-format";

interface Card {
  /** SPEC §2's card title. */
  title: MessageDescriptor;
  value: string;
  /** What the figure counts, under it. */
  notes: string[];
}

const TITLES = [m.totalTransactions, m.totalRevenue, m.averageTransaction, m.recentTransactions];

/**
 * The four summary cards (SPEC §2). Each says what its figure counts: the counts take every status the
 * filter lets through, the money only completed payments (refunds are shown apart, not as revenue).
 */
function summaryCards(stats: StatisticsResponse | undefined, status: string): Card[] {
  if (!stats) return TITLES.map((title) => ({ title, value: "—", notes: [] }));
  const name = invoiceStatusText(status);
  const refunded = stats.refunded_transactions > 0 ? [t(m.refunded, { amount: formatNairaAmount(stats.total_refunded) })] : [];
  return [
    {
      title: m.totalTransactions,
      value: String(stats.total_transactions),
      notes: [status ? t(m.statusOnly, { status: name }) : t(m.allStatuses)],
    },
    { title: m.totalRevenue, value: formatNairaAmount(stats.total_revenue), notes: [t(m.completedOnly), ...refunded] },
    {
      title: m.averageTransaction,
      value: formatNairaAmount(stats.average_transaction),
      notes: [t(m.perCompleted, { count: stats.completed_transactions })],
    },
    {
      title: m.recentTransactions,
      value: String(stats.recent_transactions),
      notes: [status ? t(m.recentStatus, { status: name }) : t(m.recentAll)],
    },
  ];
}

/** The summary section of the staff dashboards. */
export function SummaryCards({ stats, status }: { stats: StatisticsResponse | undefined; status: string }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t(m.label)}>
      {summaryCards(stats, status).map((card) => (
        <li key={card.title.id} aria-label={t(card.title)} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-sm font-medium text-slate-600">{t(card.title)}</h2>
          <p className="mt-2 text-2xl font-bold text-slate-900">{card.value}</p>
          {/* Side notes, not paragraphs: the figure stays the card's one paragraph. */}
          {card.notes.map((note) => (
            <small key={note} className="mt-1 block text-xs text-slate-600">
              {note}
            </small>
          ))}
          {/* Before the figures, the first note's line is kept free, so that the cards below do not move when it arrives. */}
          {card.notes.length === 0 && <span aria-hidden="true" className="mt-1 block h-4" />}
        </li>
      ))}
    </ul>
  );
}
