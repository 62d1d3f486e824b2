/**
 * The write model: projects, drafts, prompts, collections (Tags in the app), competitors and annotations, with the
 * rules the spec gives for each (quotas, idempotency, forward gating, tenancy) and the reads of that configuration.
 */
package dev.periscope.projects;
