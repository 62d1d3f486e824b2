/**
 * Reproducible performance figures: {@code bench seed} loads one synthetic year of a large project through
 * PostgreSQL COPY, {@code bench run} times the analytics endpoints on it against plain SQL over the raw records.
 */
package dev.periscope.bench;
