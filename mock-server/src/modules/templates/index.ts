// The templates module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { applicationData, LETTERS_CONFIG, type LettersConfig } from './letter-data';
export { INDICATIVE_SANCTION_LETTER, indicativeSanctionLetter, letterColors } from './letters';
export { templateRoutes } from './routes';
export { announceLifecycleEvent } from './sending';
