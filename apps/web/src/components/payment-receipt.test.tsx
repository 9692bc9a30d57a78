import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PaymentDocument } from "./payment-receipt";

const lines = [{ name: "Consultation", qty: 1, unit: "₦1,500.00", total: "₦1,500.00" }];

describe("PaymentDocument", () => {
  it("shows a completed payment's receipt code in groups of four, with the QR code of its verify link", async () => {
    render(
      <PaymentDocument
        heading="Payment Receipt"
        reference="HSP-1"
        lines={lines}
        total="1600.00"
        receiptCode="7k3mq9xd2hpaw4rt"
      />,
    );
    expect(screen.getByText("Receipt code")).toBeInTheDocument();
    expect(screen.getByText("7K3M-Q9XD-2HPA-W4RT")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: `${window.location.host}/verify-receipt` });
    expect(link).toHaveAttribute("href", `${window.location.origin}/verify-receipt?code=7K3M-Q9XD-2HPA-W4RT`);
    const qr = await screen.findByRole("img", { name: "QR code of receipt code 7K3M-Q9XD-2HPA-W4RT" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  });

  it("shows no code when none is given", () => {
    render(<PaymentDocument heading="Payment Receipt" reference="HSP-1" lines={lines} total="1600.00" />);
    expect(screen.queryByText("Receipt code")).not.toBeInTheDocument();
  });
});
