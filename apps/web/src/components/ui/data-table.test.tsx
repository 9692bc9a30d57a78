import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable } from "./data-table";

const HINT = "Scroll sideways to see every column.";

/** jsdom has no layout: the region's widths and ResizeObserver's callbacks are played by hand. */
function fakeLayout(widths: { scrollWidth: number; clientWidth: number }) {
  const observers: Array<() => void> = [];
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(() => widths.scrollWidth);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(() => widths.clientWidth);
  return {
    resize(next: { scrollWidth: number; clientWidth: number }) {
      Object.assign(widths, next);
      act(() => observers.forEach((callback) => callback()));
    },
  };
}

function renderTable() {
  render(
    <DataTable label="Payments table" caption="Payments" columns={["Reference", "Customer"]}>
      <tr>
        <td>HSP-1</td>
        <td>Ada</td>
      </tr>
    </DataTable>,
  );
  return screen.getByRole("region", { name: "Payments table" });
}

describe("DataTable", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is a labelled, focusable scroll region holding a captioned table with the given columns", () => {
    const region = renderTable();
    expect(region).toHaveAttribute("tabindex", "0");
    const table = within(region).getByRole("table", { name: "Payments" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Reference", "Customer"]);
    expect(
      within(table)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["HSP-1", "Ada"]);
  });

  it("says it scrolls sideways only while its table is wider than it is", () => {
    const layout = fakeLayout({ scrollWidth: 900, clientWidth: 330 });
    const region = renderTable();
    expect(screen.getByText(HINT)).toBeVisible();
    expect(region).toHaveAccessibleDescription(HINT);

    layout.resize({ scrollWidth: 1200, clientWidth: 1200 });
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    expect(region).not.toHaveAccessibleDescription(HINT);
  });

  it("without a layout engine never claims to scroll", () => {
    renderTable();
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });
});
