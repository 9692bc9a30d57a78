import { type StatisticsResponse } from "@hospipay/contract";
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from "chart.js";
import { Bar } from "react-chartjs-2";
import { t } from "../../../i18n";
import { revenueChartMessages as m } from "../messages";
import { paymentMethodText } from "../../../lib/payment-methods";

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** SPEC §9: five fixed colours, one per bar (chart.js repeats them past the fifth). */
export const CHART_COLOURS = ["#0f766e", "#2563eb", "#f59e0b", "#dc2626", "#7c3aed"] as const;

export const CHART_OPTIONS: ChartOptions<"bar"> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true, ticks: { maxTicksLimit: 11 } } },
};

/** 'Revenue by Payment Method': the statistics' sum per method. Loaded lazily, so chart.js stays in the staff chunk. */
export function RevenueChart({ methodCounts }: { methodCounts: StatisticsResponse["method_counts"] }) {
  const methods = Object.keys(methodCounts);
  const data = {
    labels: methods.map((method) => paymentMethodText(method)),
    datasets: [
      {
        label: t(m.dataset),
        data: methods.map((method) => Number.parseFloat(methodCounts[method]?.sum_amount ?? "0") || 0),
        backgroundColor: [...CHART_COLOURS],
      },
    ],
  };
  return (
    <div className="h-64">
      <Bar data={data} options={CHART_OPTIONS} aria-label={t(m.label)} role="img" />
    </div>
  );
}
