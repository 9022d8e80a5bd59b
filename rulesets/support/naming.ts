// The naming conventions of the guide, as the Java validator spells them.

/** lowerCamelCase, abbreviations camel-cased too (the Java validator's PropertiesCamelCase pattern). */
export const LOWER_CAMEL = /^[a-z0-9]+(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?$/;

/** UpperCamelCase, the same shape with a leading capital. */
export const UPPER_CAMEL = /^[A-Z][a-z0-9]*(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?$/;

/** Upper-Kebab-Case header names. */
export const UPPER_KEBAB = /^[A-Z][a-z0-9]*(?:-[A-Z][a-z0-9]*)*$/;

export const isLowerCamel = (name: string): boolean => LOWER_CAMEL.test(name);
export const isUpperCamel = (name: string): boolean => UPPER_CAMEL.test(name);
