export declare const START: string;
export declare const END: string;
export interface LogCall {
  event: string;
  levels: string[];
  fields: string[];
  file: string;
}
export declare function logCalls(source: string, file: string): LogCall[];
export declare function logEventsTable(calls: LogCall[]): string;
export declare function withTable(page: string, table: string): string;
