/**
 * Turns an answer into facts: which actors (the brand and its competitors) it mentions and in what order, which
 * sources it cites and whose they are, and the sentiment towards each mentioned actor. Pure and deterministic at
 * its core ({@link dev.periscope.extraction.Extractor}); no network at extraction time.
 */
package dev.periscope.extraction;
