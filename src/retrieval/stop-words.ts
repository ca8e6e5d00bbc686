// English function words and the words every issue uses ("error", "code",
// "issue", "expected"): as plain words they say nothing about where to look.
// Only plain words are filtered; an identifier such as `get_error` keeps its parts.
const ENGLISH = `a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can cannot could couldn't did didn't do does doesn't doing don't down during each
either else even ever every few for from further get gets getting got had hadn't has hasn't have haven't having he
her here hers herself him himself his how however i if in into is isn't it it's its itself just let like likely
may me might more most much must my myself need needs no nor not now of off often on once one only or other ought
our ours ourselves out over own per perhaps please quite rather really same seem seems she should shouldn't since
so some something still such than that that's the their theirs them themselves then there these they thing things
this those though through thus to too under until up upon us use used uses using very via want wants was wasn't
way we well were weren't what when where whether which while who whom why will with without won't would wouldn't
yes yet you your yours yourself
able actually add added already always another anyone anything around back based believe better bit case cases
change changed changes come comes current currently different does done example examples expect expected expecting
fail fails failed failing find following found give given go going good happen happens help hi however idea instead
issue issues know last look looks make makes making many maybe mean new next note now ok okay old problem problems
question run running says see seems set should show shown shows simple since someone sure take thanks think time
try trying two work works working wrong version versions bug bugs code error errors line lines file files`;

// Words that are everywhere in code and so never rank anything by themselves.
const CODE = `def class return import from self cls none true false null undefined print var let const function
async await yield lambda pass raise try except finally elif while for in is not and or with as del global
nonlocal assert break continue new this typeof instanceof void`;

const STOP_WORDS = new Set(`${ENGLISH} ${CODE}`.split(/\s+/).filter(Boolean));

/**
 * True for words that carry no signal as plain query words.
 *
 * @example
 * isStopWord("the")     // true
 * isStopWord("return")  // true
 * isStopWord("timeout") // false
 */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}
