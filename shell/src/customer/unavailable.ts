/** The shell's own words while no deployed remote fills the customer area: it names no remote. */
export const CUSTOMER_AREA_UNAVAILABLE = 'The application form is unavailable right now.';
