export declare const DEMO_SHOP_IDS: string[];
export declare function isLoopbackUrl(url: string): boolean;
export declare function deployWarnings(vars: Record<string, unknown>): string[];
