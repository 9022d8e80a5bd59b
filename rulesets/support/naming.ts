// The naming conventions of the guide, as the Java validator spells them.

// The Java validator spells lowerCamelCase `^[a-z0-9]+(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?$`. Its
// optional capital lets a run of lower-case letters split into groups in 2^n ways, which a
// backtracking engine tries one by one when the name fails later (`averageresponsetimeinms_total`:
// half a second; ten letters more: ten minutes). Each pattern here matches the same names with a
// capital opening every group, so a name splits one way only (test/lint/name-patterns.test.ts holds
// them equal to the Java validator's on every name of up to seven characters).

/** lowerCamelCase, abbreviations camel-cased too (the Java validator's PropertiesCamelCase pattern). */
export const LOWER_CAMEL = /^[a-z0-9]+(?:[A-Z][a-z0-9]+)*[A-Z]?$/;

/** UpperCamelCase, the same shape with a leading capital. */
export const UPPER_CAMEL = /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]+)*[A-Z]?$/;

export const isLowerCamel = (name: string): boolean => LOWER_CAMEL.test(name);
export const isUpperCamel = (name: string): boolean => UPPER_CAMEL.test(name);
