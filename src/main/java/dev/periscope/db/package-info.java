/**
 * Where the database is: an external PostgreSQL from {@code PERISCOPE_DATABASE_URL}, or the embedded PostgreSQL
 * kept under {@code PERISCOPE_DATA_DIR} (default {@code ~/.local/share/periscope}) for the zero-setup run.
 */
package dev.periscope.db;
