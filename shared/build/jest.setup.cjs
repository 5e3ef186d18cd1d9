// Every jsdom package: findBy* and waitFor wait up to 10 s (testing-library's 1 s default failed on CI's two
// cores while the build ran beside the tests). Time is not what these tests judge; a lasting miss still fails.
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });
