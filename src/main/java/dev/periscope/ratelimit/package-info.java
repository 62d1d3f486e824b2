/** Per-key rate limits, counted in PostgreSQL so every instance on one database enforces the same limit. */
package dev.periscope.ratelimit;
