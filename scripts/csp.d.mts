export declare const CSP_DIRECTIVES: Record<string, string[]>;
export declare const CSP_HEADER_ONLY: Record<string, string[]>;
export declare const SECURITY_HEADERS: Record<string, string>;
export declare function inlineScriptHashes(html: string): string[];
export declare function cspPolicy(scriptHashes: string[], options?: { header?: boolean }): string;
