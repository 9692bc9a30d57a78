import { useEffect } from "react";
import { useLocation } from "react-router";
import { FeaturesGrid } from "./features-grid";
import { Hero } from "./hero";
import { TransactionLookup } from "./transaction-lookup";

/** The landing page (/): hero, transaction look-up, features. */
export function LandingScreen() {
  const { hash, key } = useLocation();

  // "Transactions" links to /#transaction; scroll on every such navigation, including repeats.
  useEffect(() => {
    if (hash !== "#transaction") return;
    document.getElementById("transaction")?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [hash, key]);

  return (
    <>
      <Hero />
      <TransactionLookup />
      <FeaturesGrid />
    </>
  );
}
