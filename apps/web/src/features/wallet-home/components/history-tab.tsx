import type { WalletTransaction } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorDetail } from "../../../lib/api-client";
import { pageOfLink, WALLET_TRANSACTIONS_PAGE_SIZE, walletTransactionsQueryOptions } from "../api/get-wallet-transactions";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { historyMessages as m } from "../messages";
import { WalletTransactionList } from "./wallet-transaction-list";

/** The History tab: every wallet transaction, ten per page, paged by the server's next/previous links. */
export function HistoryTab({
  onProceed,
  proceedDisabled,
}: {
  onProceed: (transaction: WalletTransaction) => void;
  proceedDisabled: boolean;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery(walletTransactionsQueryOptions(page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / WALLET_TRANSACTIONS_PAGE_SIZE)) : 1;
  const previousPage = data ? pageOfLink(data.previous, page, -1) : null;
  const nextPage = data ? pageOfLink(data.next, page, 1) : null;

  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="history-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {data && data.count > 0 && (
          <p className="text-sm text-slate-600">{t(m.count, { count: data.count, total: String(data.count) })}</p>
        )}
      </div>

      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-slate-600">
          <Spinner /> {t(m.loading)}
        </p>
      ) : query.isError && !data ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{specText(errorDetail(query.error, t(m.failed)))}</span>
          <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
            {t(m.tryAgain)}
          </Button>
        </Alert>
      ) : data && data.results.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-800">{t(m.empty)}</p>
          <p className="mt-1 text-sm text-slate-600">{t(m.emptyHint)}</p>
        </div>
      ) : data ? (
        <>
          {query.isError && <Alert tone="error">{specText(errorDetail(query.error, t(m.pageFailed)))}</Alert>}
          <WalletTransactionList
            transactions={data.results}
            label={t(m.list)}
            onProceed={onProceed}
            proceedDisabled={proceedDisabled}
            busy={query.isPlaceholderData}
          />
          <nav aria-label={t(m.pages)} className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              disabled={previousPage === null || query.isPlaceholderData}
              onClick={() => previousPage !== null && setPage(previousPage)}
            >
              {t(m.previous)}
            </Button>
            <p className="text-sm text-slate-700" aria-live="polite">
              {t(m.page, { page: String(page), pages: String(pages) })}
            </p>
            <Button
              variant="secondary"
              disabled={nextPage === null || query.isPlaceholderData}
              busy={query.isPlaceholderData && query.isFetching}
              onClick={() => nextPage !== null && setPage(nextPage)}
            >
              {t(m.next)}
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
