// The loan calculator's figures: the contract's loanCost (exact paise, half up) answered as rupee numbers with
// two decimals, so the calculator, the net financing call and the decision engine share one arithmetic.
import type { CalculateAnswer, CalculateBody, NetFinancingAnswer, NetFinancingBody } from '@originate/contract';
import { emiHeadroom, foirPercent, withinFoirCap } from '@originate/contract';
import { type LoanCost, loanCost } from '@originate/contract/templates';
import { invalid } from '../../http/errors';

// ASCII apostrophes: one character outside Latin-1 makes the whole 47 KB answer a two-byte string, twice the
// memory for every piece the serializer joins and for the copy compression reads.
const ROUNDING =
  "EMI and each month's interest to the paisa, half up; the last instalment repays what is left; each charge's tax to the paisa, half up; APR to two places, half up";

/** The FOIR a loan may reach when the caller names no cap. */
const DEFAULT_FOIR_CAP_PERCENT = 50;

/** The contract's cost of the terms; a term it refuses is a 400 naming the field. */
function costOf(body: CalculateBody): LoanCost {
  try {
    return loanCost({
      amount: body.principal,
      annualRatePercent: body.annualRatePercent,
      tenureMonths: body.tenureMonths,
      charges: body.charges ?? [],
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // loanCost names the term first ('charges[1].amount must …'); the total of the charges is the charges' fault.
    const field = /^fees and charges/.test(error.message) ? 'charges' : (error.message.split(' ')[0] ?? 'body');
    throw invalid(field.replace(/^amount$/, 'principal'), error.message.slice(error.message.indexOf(' ') + 1));
  }
}

const rupees = (text: string) => Number(text);

function figures(body: CalculateBody, cost: LoanCost) {
  return {
    principal: rupees(cost.amount),
    annualRatePercent: body.annualRatePercent,
    tenureMonths: body.tenureMonths,
    emi: rupees(cost.emi),
    totalInterest: rupees(cost.totalInterest),
    charges: cost.charges.map((line) => ({
      name: line.name,
      amount: rupees(line.amount),
      tax: rupees(line.tax),
      total: rupees(line.total),
    })),
    totalCharges: rupees(cost.fees),
    netDisbursal: rupees(cost.netDisbursal),
    totalAmountPayable: rupees(cost.totalCost),
    apr: rupees(cost.apr),
    rounding: ROUNDING,
  };
}

/** EMI, the schedule (opening balance, interest, principal, closing balance), totals and APR. */
export function calculate(body: CalculateBody): CalculateAnswer {
  const cost = costOf(body);
  // Each row's opening balance is the closing balance of the row before; the rows' whole paise ÷ 100 are the
  // numbers their text reads as, without reading 1,440 texts for a 360-month loan.
  let openingBalance = rupees(cost.amount);
  const schedule = cost.schedulePaise.map((row, i) => {
    const closingBalance = row.balance / 100;
    const line = {
      instalment: i + 1,
      openingBalance,
      emi: row.emi / 100,
      interest: row.interest / 100,
      principal: row.principal / 100,
      closingBalance,
    };
    openingBalance = closingBalance;
    return line;
  });
  return { ...figures(body, cost), schedule };
}

/** The loan's figures without the schedule and, given an income, its FOIR against the cap. */
export function netFinancing(body: NetFinancingBody): NetFinancingAnswer {
  const { monthlyIncome, monthlyObligations = 0, foirCapPercent = DEFAULT_FOIR_CAP_PERCENT, ...terms } = body;
  const cost = costOf(terms);
  if (monthlyIncome === undefined) return { ...figures(terms, cost), affordability: null };
  if (monthlyIncome <= 0) throw invalid('monthlyIncome', 'must be above 0 to work out affordability');
  const inputs = { monthlyIncome, monthlyObligations, proposedEmi: cost.emi };
  return {
    ...figures(terms, cost),
    affordability: {
      monthlyIncome,
      monthlyObligations,
      foirCapPercent,
      foirPercent: Number(foirPercent(inputs)),
      emiHeadroom: Number(emiHeadroom({ monthlyIncome, monthlyObligations, foirCapPercent })),
      withinCap: withinFoirCap({ ...inputs, foirCapPercent }),
    },
  };
}
