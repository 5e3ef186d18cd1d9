// A schema builder the route plugins share; the wire primitives are the contract's (primitives.ts).
import Type from 'typebox';

export const nonEmptyString = (maxLength = 256) => Type.String({ minLength: 1, maxLength });
