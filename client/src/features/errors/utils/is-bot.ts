// Search engines, link-preview fetchers (chat apps, social networks) and headless checkers. A preview of an error page
// is worse than none: the spec says they get no error rendering.
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|crawling|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|linkedinbot|twitterbot|applebot|bingpreview|redditbot|google-inspectiontool|lighthouse|headlesschrome\/.*\bgooglebot/i;

export const isBot = (userAgent: string | undefined | null): boolean =>
  Boolean(userAgent && BOT_PATTERN.test(userAgent));
