# Sourced by the installers of things that are not this project (the n8n apps, Node 24, the 1.x
# engine). `npm run` hands its whole configuration, the project's .npmrc included, to the scripts it
# runs as npm_* variables, and a nested npm obeys them: the project's strict-allow-scripts then
# failed the sqlite3 rebuild. Dropping them leaves the machine's npmrc files and the flags each
# installer passes. test/install/isolation.test.ts fails if this stops happening.
while IFS= read -r name; do
	case "${name,,}" in
	npm_*) unset "$name" ;;
	esac
done < <(compgen -e)
unset INIT_CWD
