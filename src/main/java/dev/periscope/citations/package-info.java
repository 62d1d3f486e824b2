/**
 * Citation intelligence: the project's cited sources grouped by URL, host or registrable domain (counts, citation
 * rate, average visible position, per-model split, first and last seen), one cited URL in detail with the answers
 * that cite it, and the brand-versus-competitor mention share among the answers citing a domain. Read-only SQL over
 * the extracted sources, mentions and sentiments, filtered like the metrics through
 * {@link dev.periscope.execution.ExecutionFilter}.
 */
package dev.periscope.citations;
