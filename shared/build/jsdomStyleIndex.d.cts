/** jsdom's own getDeclarationForElement, which the indexed one replaces (see jsdomStyleIndex.cjs). */
export declare function installStyleIndex(): (elementImpl: unknown) => unknown;
export declare function selectorKeys(selectorText: string): string[] | null;
