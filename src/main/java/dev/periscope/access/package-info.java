/**
 * Who is calling: accounts, users and API keys (hashed at rest, shown once, revocable, rotatable),
 * and the authenticated {@link dev.periscope.access.Caller} every request runs as.
 */
package dev.periscope.access;
