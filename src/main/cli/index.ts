/** The `sender-desk` command line: a second front door over the core, under plain Node. */
export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help') {
    process.stdout.write('sender-desk: commands arrive with the sandbox issue\n')
    return 0
  }
  process.stderr.write(`sender-desk: unknown command ${argv[0]}\n`)
  return 2
}
