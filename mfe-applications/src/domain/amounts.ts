// Amounts as bank staff read them: INR with lakh grouping and the lakh or crore figure beside it.

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** '₹50,000', '₹5,00,000 (5 lakh)', '₹2,50,00,000 (2.5 crore)'. */
export function rupees(amount: number): string {
  const grouped = RUPEES.format(amount);
  if (amount >= 10_000_000) return `${grouped} (${Math.round(amount / 100_000) / 100} crore)`;
  if (amount >= 100_000) return `${grouped} (${Math.round(amount / 1_000) / 100} lakh)`;
  return grouped;
}
