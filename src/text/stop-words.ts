// Two lists, on purpose. Both drop words that say nothing about where to look
// in code, but they filter for different searches:
// - `isSearchStopWord` filters the words sent to GitHub code search, which
//   matches them against the code itself: a word that is also a common
//   identifier ("get", "error", "type", "return") must stay, so only the
//   English function words are dropped.
// - `isStopWord` filters plain words of a question before ranking askcode's
//   own index: there the words every issue uses ("error", "code", "expected")
//   and the keywords every file holds rank nothing, so they go too. An
//   identifier such as `get_error` keeps its parts either way.

// English function words ("how does the retry logic work"): they would match
// nearly every file under either search.
const FUNCTION_WORDS = `a about all an and any are as at be been but by can could did do does doing done for from had has have how i
if in into is it its me my of on or our please should so than that the their them then there these they this
those to was we were what when where which while who whom why will with would you your`;

// More English, and the words every issue uses: as plain words they say
// nothing about where to look.
const ISSUE_WORDS = `above after again against also am aren't because before being below between both cannot couldn't didn't
doesn't don't down during each either else even ever every few further get gets getting got hadn't hasn't
haven't having he her here hers herself him himself his however isn't it's itself just let like likely may
might more most much must myself need needs no nor not now off often once one only other ought ours ourselves
out over own per perhaps quite rather really same seem seems she shouldn't since some something still such
that's theirs themselves thing things though through thus too under until up upon us use used uses using very
via want wants wasn't way well weren't whether without won't wouldn't yes yet yours yourself able actually add
added already always another anyone anything around back based believe better bit case cases change changed
changes come comes current currently different example examples expect expected expecting fail fails failed
failing find following found give given go going good happen happens help hi idea instead issue issues know
last look looks make makes making many maybe mean new next note ok okay old problem problems question run
running says see set show shown shows simple someone sure take thanks think time try trying two work works
working wrong version versions bug bugs code error errors line lines file files`;

// Words that are everywhere in code and so never rank anything by themselves.
const CODE = `def class return import from self cls none true false null undefined print var let const function
async await yield lambda pass raise try except finally elif while for in is not and or with as del global
nonlocal assert break continue new this typeof instanceof void`;

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
const SEARCH_STOP_WORDS = new Set(words(FUNCTION_WORDS));
const CODE_WORDS = new Set(words(CODE));
const STOP_WORDS = new Set(words(`${FUNCTION_WORDS} ${ISSUE_WORDS} ${CODE}`));

/**
 * True for words that carry no signal as plain query words when ranking.
 *
 * @example
 * isStopWord("the")     // true
 * isStopWord("return")  // true
 * isStopWord("timeout") // false
 */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/**
 * True for words not worth sending to GitHub code search: English function
 * words only, since the search matches identifiers too.
 *
 * @example
 * isSearchStopWord("the")   // true
 * isSearchStopWord("error") // false
 * isSearchStopWord("get")   // false
 */
export function isSearchStopWord(word: string): boolean {
  return SEARCH_STOP_WORDS.has(word.toLowerCase());
}

/**
 * True for the keywords and names every file holds (`self`, `this`,
 * `return`, `None`): a question that writes one as code names nothing in
 * particular.
 *
 * @example
 * isCodeKeyword("self") // true
 * isCodeKeyword("next") // false
 */
export function isCodeKeyword(word: string): boolean {
  return CODE_WORDS.has(word.toLowerCase());
}
