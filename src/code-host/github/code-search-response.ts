/**
 * The parts of a `GET /search/code` response askcode reads, with the
 * `text-match` media type (`application/vnd.github.v3.text-match+json`).
 * Names and meanings are those of GitHub's REST description
 * (`code-search-result-item`, `search-result-text-matches`); the many other
 * fields of a response (`name`, `sha`, `html_url`, `object_url`, …) are left
 * out because nothing here reads them.
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
  /** Repository-relative path of the file, as indexed (the index may lag behind the branch head). */
  path: string;
  repository: { full_name: string };
  /** Relevance; GitHub's ranking, comparable within one response. */
  score?: number;
  text_matches?: TextMatch[];
}

export interface TextMatch {
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
