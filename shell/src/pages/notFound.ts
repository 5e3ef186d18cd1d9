// Not-found page rules (spec §2 "Not-found page").

type NotFoundSource = 'branch' | 'cousumerApplication' | 'web';

const NOT_FOUND_TEXTS: Record<NotFoundSource, readonly string[]> = {
  branch: ["Sorry! we couldn't find what you are looking for.", 'You may be lost or not allowed to be here.'],
  // 'cousumer' is spelt as the spec and the links already sent to applicants spell it.
  cousumerApplication: ['Application cancelled successfully'],
  web: ['Application Saved successfully'],
};

/** The query parameter `source` picks the texts; default (and unknown values) branch. */
export function notFoundTexts(search: string): readonly string[] {
  const source = new URLSearchParams(search).get('source');
  return source && source in NOT_FOUND_TEXTS ? NOT_FOUND_TEXTS[source as NotFoundSource] : NOT_FOUND_TEXTS.branch;
}

/** The sources an applicant lands on (a cancelled or saved application): their page offers the ways forward. */
export function isApplicantSource(search: string): boolean {
  const source = new URLSearchParams(search).get('source');
  return source === 'cousumerApplication' || source === 'web';
}

export type ContinueTarget = { kind: 'inApp'; to: string } | { kind: 'external'; url: string };

/** Continue goes to the root without asking the server when the URL contains backstage or notfound. */
export function continueGoesToRoot(currentUrl: string): boolean {
  return currentUrl.includes('backstage') || currentUrl.includes('notfound');
}

/** Where Continue goes given the first domain entry's customerportal value. */
export function continueTarget(customerportal: string): ContinueTarget {
  if (customerportal.includes('newapplication')) {
    const q = customerportal.indexOf('?');
    return { kind: 'inApp', to: `/newapplication${q === -1 ? '' : customerportal.slice(q)}` };
  }
  return { kind: 'external', url: customerportal };
}
