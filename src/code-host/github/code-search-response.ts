/**
 * The parts of a `GET /search/code` response askcode reads, with the
 * `text-match` media type (`application/vnd.github.v3.text-match+json`).
 * Fields are as GitHub's REST description has them (`code-search-result-item`,
 * `search-result-text-matches`); everything else the response carries is left
 * out on purpose.
 * See https://docs.github.com/en/rest/search/search#search-code
 * and https://docs.github.com/en/rest/search/search#text-match-metadata
 */
export interface CodeSearchResponse {
  total_count: number;
  /** The search timed out on GitHub's side; more matches may exist. */
  incomplete_results: boolean;
  items: CodeSearchItem[];
}

export interface CodeSearchItem {
  name: string;
  /** Repository-relative path of the file, as indexed. */
  path: string;
  /** Blob SHA of the file as indexed (which may lag behind the branch head). */
  sha: string;
  html_url: string;
  repository: { full_name: string };
  /** Relevance; GitHub's ranking, comparable within one response. */
  score?: number;
  text_matches?: TextMatch[];
}

export interface TextMatch {
  /** Contents URL of the file, `?ref=` the commit that was indexed. */
  object_url?: string;
  object_type?: string | null;
  /** "content" for a match in the file's text, "path" for one in its path. */
  property?: string;
  /** A few lines of the file around the matches. */
  fragment?: string;
  matches?: Array<{
    text?: string;
    /** [start, end) character offsets into `fragment`, not into the file. */
    indices?: number[];
  }>;
}
