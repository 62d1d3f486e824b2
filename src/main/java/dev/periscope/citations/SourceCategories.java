package dev.periscope.citations;

import java.util.List;

/**
 * The fixed site lists behind {@code source_type=social_media} and {@code source_type=ugc}. A source belongs to a
 * category when its registrable domain is listed ({@code m.youtube.com} → {@code youtube.com}), sits below a listed
 * domain that is itself a public suffix of the private section ({@code foo.blogspot.com}), or, for the brands listed
 * under every country suffix, when the registrable domain's first label is that brand ({@code tripadvisor.co.uk}).
 */
public final class SourceCategories {

    /**
     * One category.
     *
     * @param domains     registrable domains, lower case
     * @param anySuffix   brands matched under any public suffix: the first label of the registrable domain
     */
    public record Category(String name, List<String> domains, List<String> anySuffix) {
        public Category {
            domains = List.copyOf(domains);
            anySuffix = List.copyOf(anySuffix);
        }

        /**
         * The membership test in SQL on a registrable-domain column; binds {@code :ci_domains}, {@code :ci_labels}
         * and {@code :ci_suffixes} ({@link CitationScope#bind}).
         */
        String condition(String column) {
            return "(" + column + " = ANY (CAST(:ci_domains AS text[])) OR split_part(" + column
                    + ", '.', 1) = ANY (CAST(:ci_labels AS text[])) OR " + column + " LIKE ANY (CAST(:ci_suffixes AS text[])))";
        }

        String[] suffixPatterns() {
            return domains.stream().map(domain -> "%." + domain).toArray(String[]::new);
        }
    }

    /** Social networks and video platforms. */
    public static final Category SOCIAL_MEDIA = new Category("social_media", List.of(
            "x.com", "twitter.com", "t.co", "facebook.com", "fb.com", "fb.watch", "instagram.com", "linkedin.com",
            "lnkd.in", "tiktok.com", "youtube.com", "youtu.be", "pinterest.com", "threads.net", "threads.com",
            "snapchat.com", "tumblr.com", "bsky.app", "bsky.social", "mastodon.social", "vk.com", "weibo.com",
            "twitch.tv", "discord.com", "discord.gg", "telegram.org", "t.me", "whatsapp.com", "xiaohongshu.com",
            "douyin.com", "bilibili.com", "line.me"), List.of());

    /**
     * User-generated content: forums, Q&A sites, community blogs and review sites. Reference works edited by the
     * public (Wikipedia) are deliberately left out: answers treat them as references, not as community voices.
     */
    public static final Category UGC = new Category("ugc", List.of(
            "reddit.com", "redd.it", "quora.com", "stackoverflow.com", "stackexchange.com", "superuser.com",
            "serverfault.com", "askubuntu.com", "mathoverflow.net", "medium.com", "substack.com", "dev.to",
            "hashnode.dev", "blogspot.com", "trustpilot.com", "g2.com", "capterra.com", "getapp.com",
            "softwareadvice.com", "trustradius.com", "producthunt.com", "sitejabber.com", "consumeraffairs.com",
            "fandom.com", "slashdot.org", "zhihu.com"), List.of("tripadvisor", "yelp", "glassdoor", "trustpilot"));

    private SourceCategories() {
    }

    /** The category named by a {@code source_type} value, or null for the other values. */
    public static Category named(String name) {
        if (SOCIAL_MEDIA.name().equals(name)) {
            return SOCIAL_MEDIA;
        }
        if (UGC.name().equals(name)) {
            return UGC;
        }
        return null;
    }
}
