// Whether this page can fill a flow the server checks (README "Engine version"): the portal and the server
// each carry @originate/flow-engine by version, and only the same major is sure to agree on what a valid
// application is. Minor and patch releases keep the rules compatible.

/** The two majors when they differ. */
export interface EngineMajors {
  server: number;
  own: number;
}

/** A version's major: the digits before the first dot; NaN when it is not a version. */
function majorOf(version: string): number {
  const match = /^(\d+)\./.exec(version);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * Null when the server's engine and this page's share a major; otherwise the two majors. A version that
 * cannot be read has no major and so never matches: the page is then not sure to agree with the server.
 */
export function engineMismatch(serverVersion: string, ownVersion: string): EngineMajors | null {
  const server = majorOf(serverVersion);
  const own = majorOf(ownVersion);
  return server === own ? null : { server, own };
}
