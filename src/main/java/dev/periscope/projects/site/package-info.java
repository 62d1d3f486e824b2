/**
 * Outbound URLs users give us (project websites, later webhook targets): the SSRF guard, a size- and time-boxed
 * HTML fetcher that re-checks every hop, and the name, description, industry and alias suggestions drawn from a page.
 */
package dev.periscope.projects.site;
