// What a production build leaves for deploy's release step to fill in, kept apart from the webpack factory
// so deploy reads it without loading webpack.

/**
 * Where a production page's scripts live is only known once the build is a release (its id holds the
 * content hash), so the page names this placeholder and the release step replaces it with /releases/<id>/.
 */
const RELEASE_BASE_PLACEHOLDER = '/__originate_release__/';

module.exports = { RELEASE_BASE_PLACEHOLDER };
